import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { graphqlProblem, isChallengeRequired, isUnauthenticated, problemMessage, rateLimitMessage } from './graphqlProblem';

const refused = (...errors: Array<{ message: string; extensions?: Record<string, unknown> }>) => new CombinedGraphQLErrors({ errors });

describe('graphqlProblem', () => {
  it('reads the code, the message and the named fields (by the last part of their path)', () => {
    const p = graphqlProblem(
      refused({
        message: 'Please check the fields',
        extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'input.name', message: 'name is required' }, { field: 'email', message: 'email is not valid' }, { field: 'input.name', message: 'second' }] },
      }),
    );
    expect(p).toEqual({ code: 'BAD_USER_INPUT', message: 'Please check the fields', fields: { name: 'name is required', email: 'email is not valid' } });
  });

  it('takes the first error that has a code; a network failure has nothing', () => {
    expect(graphqlProblem(refused({ message: 'a' }, { message: 'b', extensions: { code: 'SOLD_OUT' } })).code).toBe('SOLD_OUT');
    expect(graphqlProblem(new Error('offline'))).toEqual({ code: null, message: null, fields: {} });
    expect(problemMessage(new Error('offline'), 'Please try again.')).toBe('Please try again.');
    expect(problemMessage(refused({ message: 'Sold out' }), 'Please try again.')).toBe('Sold out');
  });

  it('tells a 401 and a rate limit', () => {
    expect(isUnauthenticated(refused({ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }))).toBe(true);
    expect(isUnauthenticated(new ServerError('401', { response: new Response(null, { status: 401 }), bodyText: '' }))).toBe(true);
    expect(isUnauthenticated(refused({ message: 'no', extensions: { code: 'FORBIDDEN' } }))).toBe(false);
    expect(rateLimitMessage(refused({ message: 'Too many attempts: wait 5 seconds', extensions: { code: 'RATE_LIMITED' } }))).toBe('Too many attempts: wait 5 seconds');
    expect(rateLimitMessage(refused({ message: 'x', extensions: { code: 'CONFLICT' } }))).toBeUndefined();
    expect(isChallengeRequired(refused({ message: 'prove it', extensions: { code: 'CHALLENGE_REQUIRED' } }))).toBe(true);
    expect(isChallengeRequired(refused({ message: 'x', extensions: { code: 'HOLD_LIMIT_REACHED' } }))).toBe(false);
    expect(isChallengeRequired(new Error('offline'))).toBe(false);
  });
});
