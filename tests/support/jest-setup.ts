import { useEphemeralJwtSecret } from './ephemeral-secret';

// Runs before every test file of every jest project (jest.config.js `setupFiles`).
useEphemeralJwtSecret();
