import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type ValidationRule } from 'graphql';
import { ErrorCode } from '../../infrastructure/errors';
import type { TrustedDocuments } from './trusted-documents';

/** Limits of a single GraphQL operation. Our own web app stays far below them. */
export const GRAPHQL_LIMITS = {
  maxDepth: 8,
  maxAliases: 15,
  maxTokens: 2000,
  maxCost: 300,
  maxDirectives: 20,
} as const;

export interface ProtectionOptions {
  /** Hide "Did you mean …?" suggestions (production). */
  hideSuggestions: boolean;
  /** The web app's own documents: validated without the limits (docs/decisions/073). */
  trusted: TrustedDocuments;
}

/**
 * Depth, alias, token, directive and cost limits (graphql-armor), batching off,
 * stack traces never sent. A hostile query is refused at validation with a
 * 400 that names the limit. The trusted documents (the web app's own, known at
 * build time) skip the depth, alias, cost and directive limits; the token limit
 * holds every text, as it is applied while parsing.
 */
export function graphqlProtection(options: ProtectionOptions): {
  plugins: ApolloServerPlugin[];
  validationRules: ValidationRule[];
  allowBatchedHttpRequests: false;
  includeStacktraceInErrorResponses: false;
  parseOptions: { maxTokens: number };
  /** Apollo's APQ registry is off: route.ts resolves hashes against the manifest only. */
  persistedQueries: false;
} {
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, exposeLimits: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, exposeLimits: true },
    // Tokens are limited by graphql-js's own parser option below: armor's version
    // throws from a plugin hook, which Apollo turns into a 500.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true, exposeLimits: true },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, exposeLimits: true },
    blockFieldSuggestion: { enabled: options.hideSuggestions },
  }).protect();
  return {
    ...armor,
    validationRules: [...armor.validationRules.map((rule) => options.trusted.unlessTrusted(rule)), noSubscriptions],
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    persistedQueries: false,
  };
}

/**
 * The schema has no subscription type: a subscription is refused at validation
 * (400 GRAPHQL_VALIDATION_FAILED), where graphql-js would only fail it at
 * execution, which Apollo answered as INTERNAL_SERVER_ERROR (issue 21 finding 9).
 */
export const noSubscriptions: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation === 'subscription') context.reportError(new GraphQLError('Subscriptions are not supported by this API', { nodes: node }));
  },
});

/**
 * GraphQL answers carry HTTP 503 when the database was unavailable and 500 when
 * an error of ours (INTERNAL_SERVER_ERROR, logged with its stack by the error
 * formatter) was in them, as REST's do (issue 21 finding 7), so load balancers,
 * clients and the access log can tell. A 4xx Apollo chose is kept.
 */
export const errorStatusPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const body = response.body;
        if (body.kind !== 'single' || (response.http.status ?? 200) >= 400) return;
        const codes = new Set(body.singleResult.errors?.map((e) => e.extensions?.code));
        if (codes.has(ErrorCode.SERVICE_UNAVAILABLE)) response.http.status = 503;
        else if (codes.has('INTERNAL_SERVER_ERROR')) response.http.status = 500;
      },
    };
  },
};
