import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The REST routes' schemas document the spec's contract (docs/decisions/072):
 * they never reject or reshape a request. class-validator's input classes stay
 * the rules (a bad type is our 422 naming the field, never Fastify's 400), so
 * request schemas are not compiled into validators (which would also coerce
 * types and drop fields before the input class sees them).
 */
export function schemasDescribeRequests(api: FastifyInstance): void {
  api.setValidatorCompiler(() => () => true);
}

/**
 * In tests, every JSON answer Fastify serialises from a response schema must be
 * the bytes JSON.stringify writes for the same value: no field dropped, none
 * coerced, the same order. Every REST test thereby checks the schemas against
 * the answers it receives; a difference is a 500 naming the route.
 */
export function checkAnswersMatchSchemas(api: FastifyInstance): void {
  const expected = new WeakMap<FastifyRequest, string>();
  api.addHook('preSerialization', async (req, reply, payload) => {
    if (reply.routeOptions.schema?.response) expected.set(req, JSON.stringify(payload));
    return payload;
  });
  api.addHook('onSend', async (req, reply, payload) => {
    const want = expected.get(req);
    expected.delete(req);
    if (want !== undefined && typeof payload === 'string' && payload !== want) {
      throw new Error(`The response schema of ${req.method} ${reply.routeOptions.url} (${reply.statusCode}) does not describe its answer:\n  sent   ${payload}\n  wanted ${want}`);
    }
    return payload;
  });
}

/**
 * Outside tests, answers are written by JSON.stringify, not by the compiled
 * response schema: a field the schema forgot, or a null it does not allow,
 * goes out as the service computed it instead of being dropped or coerced
 * (fast-json-stringify writes a null `string` as "" and a null `number` as 0:
 * on a money site a wrong amount or date is worse than a slower answer).
 * Tests serialise from the schemas and compare (checkAnswersMatchSchemas), so
 * the schemas stay true to every answer the suite sees. Routes that need the
 * compiled serializer for speed (the board's list, whose schema predates this)
 * are registered outside the scope this is set on.
 */
export function answersAsWritten(scope: FastifyInstance): void {
  scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
