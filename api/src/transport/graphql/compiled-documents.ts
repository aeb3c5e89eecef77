import type { ApolloServerOptionsWithGateway, BaseContext, DocumentStore } from '@apollo/server';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { execute, getOperationAST, GraphQLError, OperationTypeNode, parse, printSchema, specifiedRules, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema, type ParseOptions, type ValidationRule } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../../infrastructure/logger';
import { sha256Hex, type TrustedDocuments } from './trusted-documents';

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];

/** How many uses of a stranger's document (one not in the manifest) before it is compiled: a one-off is run by graphql-js. */
export const COMPILE_AFTER_USES = 2;

/** Where a result computed before Apollo ran the request waits on its context (handOver). */
const PRECOMPUTED = Symbol('result computed before Apollo ran the request');

/** One operation of a document, compiled; `query` says whether it is a query (what runDirect may run). */
export interface Plan {
  compiled: CompiledQuery;
  query: boolean;
}

/** Per document: how often it ran, and its compiled operations (null: graphql-jit cannot run it, graphql-js does). */
interface Plans {
  uses: number;
  byOperation: Map<string, Plan | null>;
}

export interface CompiledDocumentsOptions {
  schema: GraphQLSchema;
  /** The rules Apollo validates with besides graphql-js's own (graphqlProtection().validationRules). */
  validationRules: ValidationRule[];
  parseOptions: ParseOptions;
  trusted: TrustedDocuments;
  logger: Logger;
  /** Strangers' validated documents kept at most (Apollo's document store), and their bytes of text. */
  maxDocuments?: number;
  maxDocumentBytes?: number;
}

/**
 * GraphQL documents parsed, validated and planned once (docs/decisions/074).
 *
 * - The web app's documents (the trusted-documents manifest) are parsed and validated with
 *   Apollo's rules at start-up and compiled to JavaScript by graphql-jit; Apollo finds them in its
 *   document store (`documentStore`) by their text's sha256, so it neither parses nor validates them.
 * - Any other document is parsed and validated by Apollo on its first request (every armor limit
 *   holds it), kept in the same store (an LRU, bounded in documents and bytes), and compiled on its
 *   second use: a stream of one-off documents costs no compilation.
 * - Operations run through Apollo Server's gateway executor (`gateway()`): the compiled plan when
 *   there is one, graphql-js otherwise. When graphql-jit refuses the variables (no data), graphql-js
 *   runs the request instead, so bad input is answered with graphql-js's own messages and codes.
 */
export class CompiledDocuments {
  private readonly schema: GraphQLSchema;
  private readonly plans = new WeakMap<DocumentNode, Plans>();
  /** The manifest's documents, parsed and validated, by sha256 of their text. */
  private readonly trustedDocuments = new Map<string, DocumentNode>();
  /** Strangers' documents Apollo validated, by sha256 of their text. */
  private readonly strangers: LRUCache<string, DocumentNode>;
  /**
   * Operations run by a compiled plan through Apollo, run directly by route.ts (runDirect), and run
   * by graphql-js; compilations done (tests and diagnostics).
   */
  readonly stats = { compiled: 0, direct: 0, graphqlJs: 0, compilations: 0 };

  constructor(private readonly options: CompiledDocumentsOptions) {
    this.schema = options.schema;
    this.strangers = new LRUCache<string, DocumentNode>({
      max: options.maxDocuments ?? 1000,
      maxSize: options.maxDocumentBytes ?? 8 * 1024 * 1024,
      sizeCalculation: (doc) => Math.max(1, doc.loc?.source.body.length ?? 1),
    });
    this.precompileTrusted();
  }

  /** Parse, validate and compile every document of the manifest (start-up). */
  private precompileTrusted(): void {
    const rules = [...specifiedRules, ...this.options.validationRules];
    for (const [hash, text] of this.options.trusted.entries()) {
      let document: DocumentNode;
      try {
        document = parse(text, this.options.parseOptions);
      } catch (e) {
        this.options.logger.warn({ hash, err: (e as Error).message }, 'trusted document does not parse: left to Apollo');
        continue;
      }
      const errors = validate(this.schema, document, rules);
      if (errors.length > 0) {
        this.options.logger.warn({ hash, errors: errors.map((e) => e.message) }, 'trusted document is not valid against this schema: left to Apollo, which refuses it');
        continue;
      }
      this.trustedDocuments.set(hash, document);
      this.plansOf(document).uses = COMPILE_AFTER_USES;
      const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
      this.compiled(document, operation && 'name' in operation ? operation.name?.value : undefined);
    }
  }

  /**
   * The document store Apollo reads before parsing and writes after validating. Its key is a
   * prefix of the schema's hash, then the text's sha256; one process has one schema, so the
   * documents are kept by the text's hash.
   */
  documentStore(): DocumentStore {
    const hashOf = (key: string) => key.slice(key.lastIndexOf(':') + 1);
    return {
      get: async (key) => this.validated(hashOf(key)),
      set: async (key, value) => {
        if (!this.trustedDocuments.has(hashOf(key))) this.strangers.set(hashOf(key), value);
      },
      delete: async (key) => {
        this.strangers.delete(hashOf(key));
      },
    };
  }

  /** A validated document by its text's sha256: the manifest's, or a stranger's Apollo validated. */
  private validated(hash: string): DocumentNode | undefined {
    return this.trustedDocuments.get(hash) ?? this.strangers.get(hash);
  }

  /**
   * The compiled plan of a query text Apollo would run without parsing or validating it again (a
   * manifest document, or a stranger's already validated and compiled), or null: Apollo runs it.
   */
  planFor(text: string, operationName: string | undefined): Plan | null {
    const document = this.validated(sha256Hex(text));
    if (!document) return null;
    const plans = this.plans.get(document);
    if (!plans || plans.uses < COMPILE_AFTER_USES) return null;
    const plan = this.compiled(document, operationName);
    return plan?.query ? plan : null;
  }

  /**
   * Run a query's plan outside Apollo (route.ts, for an answer without errors). Undefined when
   * the variables were refused (nothing ran: Apollo answers the request, graphql-js says why).
   */
  async runDirect(plan: Plan, variables: Record<string, unknown> | undefined, context: object): Promise<ExecutionResult | undefined> {
    const result = await plan.compiled.query(undefined, context, variables ?? {});
    if (result.data === undefined) return undefined;
    this.stats.direct++;
    return withGraphQLJsErrors(result);
  }

  /**
   * A result runDirect computed that Apollo must answer (it has errors: Apollo formats them and
   * sets the status): Apollo's request with this context gets this result instead of running again.
   */
  handOver(context: object, result: ExecutionResult): void {
    // On the context itself: Apollo runs the request with a shallow copy of it.
    (context as { [PRECOMPUTED]?: ExecutionResult })[PRECOMPUTED] = result;
  }

  private plansOf(document: DocumentNode): Plans {
    let plans = this.plans.get(document);
    if (!plans) this.plans.set(document, (plans = { uses: 0, byOperation: new Map() }));
    return plans;
  }

  /** The compiled plan of one operation of a document, compiled on first call; null when graphql-jit cannot run it. */
  private compiled(document: DocumentNode, operationName: string | undefined): Plan | null {
    const plans = this.plansOf(document);
    const key = operationName ?? '';
    let plan = plans.byOperation.get(key);
    if (plan === undefined) {
      try {
        const result = compileQuery(this.schema, document, operationName);
        const operation = getOperationAST(document, operationName);
        plan = isCompiledQuery(result) && operation ? { compiled: result, query: operation.operation === OperationTypeNode.QUERY } : null;
      } catch {
        plan = null;
      }
      this.stats.compilations++;
      plans.byOperation.set(key, plan);
    }
    return plan;
  }

  /** Run one operation of a validated document: its compiled plan once it has one, graphql-js otherwise. */
  async execute(request: { document: DocumentNode; operationName?: string | null; variables?: Record<string, unknown>; context: unknown }): Promise<ExecutionResult> {
    const { document, variables, context } = request;
    const precomputed = (context as { [PRECOMPUTED]?: ExecutionResult } | undefined)?.[PRECOMPUTED];
    if (precomputed) {
      delete (context as { [PRECOMPUTED]?: ExecutionResult })[PRECOMPUTED];
      return precomputed;
    }
    const operationName = request.operationName ?? undefined;
    const plans = this.plansOf(document);
    if (plans.uses < COMPILE_AFTER_USES) plans.uses++;
    const plan = plans.uses >= COMPILE_AFTER_USES ? this.compiled(document, operationName) : null;
    if (plan) {
      const result = await plan.compiled.query(undefined, context, variables ?? {});
      // No data: the variables were refused before anything ran; graphql-js says why, in its words.
      if (result.data !== undefined) {
        this.stats.compiled++;
        return withGraphQLJsErrors(result);
      }
    }
    this.stats.graphqlJs++;
    return execute({ schema: this.schema, document, operationName, variableValues: variables, contextValue: context });
  }

  /** Apollo Server's gateway: this schema, and operations run by execute() (Apollo formats the errors). */
  gateway(): GatewayInterface {
    const schema = this.schema;
    return {
      onSchemaLoadOrUpdate: (callback) => {
        callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
        return () => undefined;
      },
      load: async () => ({
        executor: (requestContext) =>
          this.execute({
            document: requestContext.document,
            operationName: requestContext.request.operationName,
            variables: requestContext.request.variables,
            context: requestContext.context,
          }),
      }),
      stop: async () => undefined,
    };
  }
}

/**
 * graphql-jit's errors as graphql-js makes them: its GraphQLError has no `extensions` when the
 * thrown error had none (graphql-js gives `{}`, and Apollo's error formatting reads
 * `extensions.code`), and computes `locations` from the document itself. Message, path, locations,
 * extensions and the original error are kept.
 */
function withGraphQLJsErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    const error = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? undefined, extensions: e.extensions ?? undefined });
    (error as { locations?: GraphQLError['locations'] }).locations = e.locations;
    return error;
  });
  // graphql-js's key order: errors, then data (then extensions).
  const { data, extensions } = result;
  return extensions === undefined ? { errors, data } : { errors, data, extensions };
}
