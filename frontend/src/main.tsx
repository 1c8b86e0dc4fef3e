import './shared/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/styles/layers.css';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './shared/styles/global.css';
import { App } from './app/App';
import { makeStore } from './app/store';

const store = makeStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
