import { Rejection } from '@placement/domain';
import { CONCURRENT_CHANGE_MESSAGE, HttpError, problemDetails, problemOf, UNAVAILABLE_MESSAGE } from './errors';

const occurrence = { instance: '/api/jobs/j-1', correlationId: 'corr-1' };

describe('problem details (RFC 9457) of an error', () => {
  it('carries the standard members, the correlation id and the spec\'s message and field errors', () => {
    const errors = [{ field: 'email', message: 'Please enter a valid email address.' }];
    expect(problemDetails(problemOf(new HttpError(400, 'Please enter a valid email address.', errors))!, occurrence)).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Please enter a valid email address.',
      instance: '/api/jobs/j-1',
      correlationId: 'corr-1',
      message: 'Please enter a valid email address.',
      errors,
    });
  });

  it('has no errors member when there are no field errors', () => {
    expect(problemDetails({ status: 404, message: 'Job not found' }, occurrence)).not.toHaveProperty('errors');
  });

  it.each([
    ['an HttpError 401', new HttpError(401, 'Authentication required'), 401, 'Unauthorized'],
    ['an HttpError 403', new HttpError(403, 'You do not have permission to do this'), 403, 'Forbidden'],
    ['a rate limit', new HttpError(429, 'Too many attempts'), 429, 'Too Many Requests'],
    ['a write conflict', Object.assign(new Error('stale'), { name: 'WrongExpectedRevisionError' }), 409, 'Conflict'],
    ['an oversize body', Object.assign(new Error('big'), { type: 'entity.too.large' }), 413, 'Payload Too Large'],
    ['a server down', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 503, 'Service Unavailable'],
  ])('%s is %i %s', (_case, error, status, title) => {
    const problem = problemOf(error);
    expect(problem?.status).toBe(status);
    expect(problemDetails(problem!, occurrence)).toMatchObject({ type: 'about:blank', status, title, detail: problem!.message, message: problem!.message });
  });

  it('reads a domain rejection with its kind\'s status and its field errors', () => {
    const rejection = new Rejection('conflict', 'You have already applied for this job');
    expect(problemDetails(problemOf(rejection)!, occurrence)).toMatchObject({ status: 409, title: 'Conflict', message: 'You have already applied for this job' });
  });

  it('a write conflict and a server we depend on read as the portal\'s words', () => {
    expect(problemOf(Object.assign(new Error('x'), { name: 'WrongExpectedRevisionError' }))?.message).toBe(CONCURRENT_CHANGE_MESSAGE);
    expect(problemOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatchObject({ message: UNAVAILABLE_MESSAGE, retryAfterSeconds: expect.any(Number) });
  });

  it('a fault of ours is no problem of the caller\'s', () => {
    expect(problemOf(new Error('secret internals'))).toBeUndefined();
  });

  it('takes a service\'s extension members without letting them replace the standard ones', () => {
    const details = problemDetails({ status: 415, message: 'Please upload a PDF or Word document.' }, occurrence, (problem) => ({
      success: false,
      error: problem.detail,
      status: 200,
    }));
    expect(details).toEqual({
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      detail: 'Please upload a PDF or Word document.',
      instance: '/api/jobs/j-1',
      correlationId: 'corr-1',
      message: 'Please upload a PDF or Word document.',
      success: false,
      error: 'Please upload a PDF or Word document.',
    });
  });
});
