import { adminApi } from '../api';

/** The admin api as jest mocks (each test file calls jest.mock('../api') itself). */
export const api = adminApi as unknown as Record<keyof typeof adminApi, jest.Mock>;
export const resetApi = () => Object.values(api).forEach((mock) => mock.mockReset());
