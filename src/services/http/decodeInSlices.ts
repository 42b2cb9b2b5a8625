import { Effect, Either, ParseResult, Schema, SchemaAST as AST } from "effect";

/** Elements of a large array decoded in one go before the page gets the main thread back. */
export const elementsPerSlice = 100;

/**
 * Gives the main thread back to the page (input, rendering) before the next slice: a
 * message to itself where the platform has `MessageChannel` (no 4 ms clamp of nested
 * timers), else a zero timer. Interrupting the effect cancels the wait.
 */
export const yieldToPage: Effect.Effect<void> = Effect.async<void>((resume) => {
  if (typeof MessageChannel === "function") {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resume(Effect.void);
    };
    channel.port2.postMessage(null);
    return Effect.sync(() => channel.port1.close());
  }
  const timer = setTimeout(() => resume(Effect.void), 0);
  return Effect.sync(() => clearTimeout(timer));
});

export interface SliceOptions {
  readonly elementsPerSlice?: number;
  /** What runs between two slices (tests count them). */
  readonly yieldToPage?: Effect.Effect<void>;
}

/** The element of `ReadonlyArray<X>` (a tuple with no fixed elements and one rest element), if the AST is one. */
const arrayElement = (ast: AST.AST): AST.AST | undefined =>
  AST.isTupleType(ast) && ast.elements.length === 0 && ast.rest.length === 1 ? ast.rest[0]?.type : undefined;

const unknownArray = Schema.Array(Schema.Unknown).ast;

/** An array long enough to be worth slicing. */
const isLong = (value: unknown, size: number): value is ReadonlyArray<unknown> => Array.isArray(value) && value.length > size;

/**
 * Decodes the elements of `elements` with `element`, `size` at a time, yielding to the page
 * before each slice. Answers `undefined` as soon as one element does not decode (the caller
 * then decodes the whole value once more, for the error it would have had).
 */
const decodeElements = (element: AST.AST, elements: ReadonlyArray<unknown>, size: number, pause: Effect.Effect<void>) =>
  Effect.gen(function* () {
    const decodeOne = ParseResult.decodeUnknownEither(Schema.make(element));
    const decoded: unknown[] = new Array<unknown>(elements.length);
    for (let start = 0; start < elements.length; start += size) {
      yield* pause;
      const end = Math.min(start + size, elements.length);
      for (let i = start; i < end; i++) {
        const one = decodeOne(elements[i]);
        if (Either.isLeft(one)) return undefined;
        decoded[i] = one.right;
      }
    }
    return decoded;
  });

/**
 * Decodes `value` with `schema` as `Schema.decodeUnknown(schema)` does, without one long
 * main-thread task for a large answer: where the schema is an array, or a struct whose
 * properties include arrays, the elements of every long array are decoded a slice at a
 * time and the page gets the main thread back between slices; the rest of a struct is
 * decoded as the schema says, with those arrays taken as they are. Any other schema is
 * decoded in one go.
 *
 * The answer is the same as the one-go decode's; so is the failure: when any part does
 * not decode, the whole value is decoded once more with `schema`, and that `ParseError`
 * (formatted by the caller) is the failure. Interruption stops it between two slices.
 */
export const decodeInSlices =
  <A, I>(schema: Schema.Schema<A, I>, options: SliceOptions = {}) =>
  (value: unknown): Effect.Effect<A, ParseResult.ParseError> => {
    const size = Math.max(1, options.elementsPerSlice ?? elementsPerSlice);
    const pause = options.yieldToPage ?? yieldToPage;
    // Lazily: the parser runs as soon as it is given a value.
    const inOneGo = Effect.suspend(() => Schema.decodeUnknown(schema)(value));
    const ast = schema.ast;

    const element = arrayElement(ast);
    if (element !== undefined) {
      if (!isLong(value, size)) return inOneGo;
      return decodeElements(element, value, size, pause).pipe(
        Effect.flatMap((decoded) => (decoded === undefined ? inOneGo : Effect.succeed(decoded as unknown as A))),
      );
    }

    if (!AST.isTypeLiteral(ast) || ast.indexSignatures.length > 0 || typeof value !== "object" || value === null) return inOneGo;
    const record = value as Readonly<Record<PropertyKey, unknown>>;
    const sliced = ast.propertySignatures.flatMap((p) => {
      const el = arrayElement(p.type);
      const v = Object.prototype.hasOwnProperty.call(record, p.name) ? record[p.name] : undefined;
      return el !== undefined && isLong(v, size) ? [{ name: p.name, element: el, elements: v }] : [];
    });
    if (sliced.length === 0) return inOneGo;

    const names = new Set(sliced.map((s) => s.name));
    const rest = Schema.make(
      new AST.TypeLiteral(
        ast.propertySignatures.map((p) => (names.has(p.name) ? new AST.PropertySignature(p.name, unknownArray, p.isOptional, p.isReadonly, p.annotations) : p)),
        [],
        ast.annotations,
      ),
    );
    return Effect.gen(function* () {
      const outer = ParseResult.decodeUnknownEither(rest)(value);
      if (Either.isLeft(outer)) return yield* inOneGo;
      const answer: Record<PropertyKey, unknown> = { ...(outer.right as Record<PropertyKey, unknown>) };
      for (const s of sliced) {
        const decoded = yield* decodeElements(s.element, s.elements, size, pause);
        if (decoded === undefined) return yield* inOneGo;
        answer[s.name] = decoded;
      }
      return answer as A;
    });
  };
