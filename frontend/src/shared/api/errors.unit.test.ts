import { AxiosError, AxiosHeaders } from 'axios';
import { errorMessage, fieldErrorsOf, statusOf } from './errors';

const failure = (status: number, data: unknown) => {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, { status, data, statusText: '', headers: {}, config });
};

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(failure(409, { message: 'An account with this email already exists.' }), 'Signup failed. Try again.')).toBe('An account with this email already exists.');
  });

  it('falls back when there is no usable message', () => {
    expect(errorMessage(failure(500, '<html>'), 'Login failed. Please try again.')).toBe('Login failed. Please try again.');
    expect(errorMessage(failure(500, { message: '  ' }), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new AxiosError('Network Error', 'ERR_NETWORK'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});

describe('fieldErrorsOf', () => {
  it('keeps the first message per field', () => {
    const error = failure(400, {
      message: 'Email must belong to university.edu or gmail.com.',
      errors: [
        { field: 'email', message: 'Email must belong to university.edu or gmail.com.' },
        { field: 'email', message: 'second' },
        { field: 'password', message: 'Password must be at least 8 characters.' },
        { nonsense: true },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Email must belong to university.edu or gmail.com.', password: 'Password must be at least 8 characters.' });
    expect(statusOf(error)).toBe(400);
  });

  it('is empty for other errors', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(statusOf(new Error('x'))).toBeUndefined();
  });
});
