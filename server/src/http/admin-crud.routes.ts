import type { FastifyPluginAsync, FastifySchema, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ZDbId } from '#contract/ids';

const ZIdParams = z.object({ id: ZDbId });

export interface AdminStore<TInput, TItem> {
  list(): Promise<TItem[]>;
  add(input: TInput): Promise<TItem>;
  /** Throws the module's not-found refusal when the id is gone. */
  update(id: number, input: TInput): Promise<TItem>;
  remove(id: number): Promise<void>;
}

/**
 * The data an admin keeps by hand (calendar links, photo directories): list, add (201), replace
 * and remove (204) under one path, behind `guard` (admins only) — checked before the body is read.
 */
export function adminCrudRoutes<TInputSchema extends z.ZodType, TItemSchema extends z.ZodType>(options: {
  path: string;
  input: TInputSchema;
  item: TItemSchema;
  store: AdminStore<z.output<TInputSchema>, z.output<TItemSchema>>;
  guard: preValidationAsyncHookHandler;
}): FastifyPluginAsync {
  const { path, input, item, store, guard } = options;
  type Input = z.output<TInputSchema>;
  type IdParams = z.output<typeof ZIdParams>;
  // The schemas validate and serialize at run time; the store's own types carry them through here.
  return async (app) => {
    app.addHook('preValidation', guard);

    const listSchema: FastifySchema = { response: { 200: z.array(item) } };
    const addSchema: FastifySchema = { body: input, response: { 201: item } };
    const updateSchema: FastifySchema = { params: ZIdParams, body: input, response: { 200: item } };
    const removeSchema: FastifySchema = { params: ZIdParams };

    app.get(path, { schema: listSchema }, async () => store.list());

    app.post(path, { schema: addSchema }, async (request, reply) =>
      reply.status(201).send(await store.add(request.body as Input)),
    );

    app.put(`${path}/:id`, { schema: updateSchema }, async (request) =>
      store.update((request.params as IdParams).id, request.body as Input),
    );

    app.delete(`${path}/:id`, { schema: removeSchema }, async (request, reply) => {
      await store.remove((request.params as IdParams).id);
      return reply.status(204).send();
    });
  };
}
