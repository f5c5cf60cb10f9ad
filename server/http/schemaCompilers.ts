// Fastify's own schema compilers (Ajv for what comes in, fast-json-stringify for what goes out), each route's
// schema compiled when the route first needs it instead of when the app starts. Compiling every route's
// validators and serializers up front was most of an app's start-up (about 60 % of its second), paid again by
// every test file's servers, which call a handful of the hundreds of routes. A route's first call pays for its
// own schemas, once; a schema that cannot compile would fail that route, so http.test compiles them all
// (compileAll, the app's compileAllSchemas).
import type { FastifyServerOptions } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Ajv's validate function as Fastify calls it: true, or false with the failures in `.errors`. */
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (document: unknown) => string;
type Compiler<T> = (route: unknown) => T;
type Factory<T> = (externalSchemas: unknown, options: unknown) => Compiler<T>;

/** An app's schema compilers, and a way to compile at once whatever no request has needed yet. */
export interface SchemaCompilers {
  /** The app's `schemaController.compilersFactory`. */
  compilersFactory: CompilersFactory;
  /** Compiles every route's schemas not compiled yet; throws what a schema that cannot compile throws. */
  compileAll(): void;
}

export function compileSchemasOnFirstUse(): SchemaCompilers {
  const pending = new Set<() => unknown>();
  /** The compiled function, built by the first call (and taken off `pending`). */
  function onFirstUse<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    const once = () => {
      if (compiled === undefined) {
        compiled = compile();
        pending.delete(once);
      }
      return compiled;
    };
    pending.add(once);
    return once;
  }
  const buildAjvValidator = AjvCompiler() as unknown as Factory<Validate>;
  const buildFastJsonSerializer = SerializerSelector() as unknown as Factory<Serialize>;
  return {
    compilersFactory: {
      buildValidator: (externalSchemas: unknown, options: unknown) => {
        const compiler = buildAjvValidator(externalSchemas, options);
        return (route: unknown) => {
          const validator = onFirstUse(() => compiler(route));
          const validate: Validate = (data) => {
            const compiled = validator();
            const answer = compiled(data);
            validate.errors = compiled.errors;
            return answer;
          };
          return validate;
        };
      },
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compiler = buildFastJsonSerializer(externalSchemas, options);
        return (route: unknown) => {
          const serializer = onFirstUse(() => compiler(route));
          return (document: unknown) => serializer()(document);
        };
      },
    } as unknown as CompilersFactory,
    compileAll() {
      for (const compile of [...pending]) compile();
    },
  };
}
