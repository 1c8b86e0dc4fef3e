import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders that react-router needs; browsers have them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
