import { useEphemeralJwtSecret } from './ephemeral-secret';

// Runs before every test file of every jest project (jest.config.js `setupFiles`).
useEphemeralJwtSecret();
// Every route test is a contract test: a successful reply its route's declared schema does not allow is a 500.
process.env.REPLY_CONTRACTS = 'enforce';
