import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/styles/layers.css';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './shared/styles/global.css';
import { App } from './app/App';
import { createAppStore } from './app/createStore';
import { setFeatureInjector } from './app/lazyScreens';
import shell from './features/auth/feature';

// The shell's feature only; every other feature joins the store with its first screen (app/pages.ts).
const store = createAppStore([shell]);
setFeatureInjector(store.injectFeature);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
