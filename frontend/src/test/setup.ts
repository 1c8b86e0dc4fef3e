import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders that react-router needs; browsers have them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not lay out pages, so it has no scrolling; the app calls these after navigation.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
Element.prototype.scrollIntoView = function scrollIntoView() {};

// Every test starts signed out.
beforeEach(() => window.localStorage.clear());

// PrimeReact hides inactive tab panels with `.p-hidden` inside a CSS @layer, which jsdom ignores.
const primeHidden = document.createElement('style');
primeHidden.textContent = '.p-hidden { display: none; }';
document.head.appendChild(primeHidden);
