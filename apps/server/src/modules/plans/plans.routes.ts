import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateOrderBodySchema,
  errorResponses,
  LocalPayBodySchema,
  LocalPayResultSchema,
  OrderOutcomeBodySchema,
  OrderParamsSchema,
  PaymentOrderSchema,
  PlansResponseSchema,
  ReceiptSchema,
  VerifiedPaymentSchema,
  VerifyPaymentBodySchema,
  WebhookAckSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { LocalPaymentProvider } from '../../providers/payment/local-payment-provider';
import { LOCAL_CHECKOUT_SCRIPT } from '../../providers/payment/local-checkout-script';
import * as plans from './plans.service';

/** Webhook bodies are small JSON documents; the limit keeps a forged flood cheap to refuse. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const plansRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary:
          'A student’s access, the plans on offer (none when their school pays; empty: no plan found) and their receipts',
        response: { 200: PlansResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => plans.getPlans(deps, request.principal),
  );

  app.post(
    '/plans/orders',
    {
      schema: {
        tags: ['plans'],
        summary:
          'Start paying for a plan: an order of the plan’s price with the payment provider, for its checkout to open',
        body: CreateOrderBodySchema,
        response: { 201: PaymentOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await plans.createOrder(deps, request.principal, request.body)),
  );

  app.post(
    '/plans/orders/:orderId/verify',
    {
      schema: {
        tags: ['plans'],
        summary:
          'The checkout’s success: the payment’s signature and amount checked with the provider; the plan starts',
        params: OrderParamsSchema,
        body: VerifyPaymentBodySchema,
        response: { 200: VerifiedPaymentSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (request) => plans.verifyPayment(deps, request.principal, request.params.orderId, request.body),
  );

  app.post(
    '/plans/orders/:orderId/outcome',
    {
      schema: {
        tags: ['plans'],
        summary: 'The checkout failed or was closed without paying (a paid order stays paid)',
        params: OrderParamsSchema,
        body: OrderOutcomeBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await plans.reportOutcome(deps, request.principal, request.params.orderId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/plans/orders/:orderId/refund',
    {
      schema: {
        tags: ['plans'],
        summary:
          'Refund a paid order in full through the provider (the chain’s super-administrator); its plan stops now',
        params: OrderParamsSchema,
        response: { 200: ReceiptSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (request) => plans.refundOrder(deps, request.principal, request.params.orderId),
  );

  // Razorpay's webhook: public (Razorpay has no session), verified by its signature over the raw body.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    hook.post(
      '/payments/webhook',
      {
        config: { public: true },
        schema: {
          tags: ['plans'],
          summary:
            'Razorpay’s payment and refund events (X-Razorpay-Signature over the raw body; each event id handled once)',
          response: { 200: WebhookAckSchema, ...errorResponses(400, 413, 503) },
        },
      },
      (request) =>
        plans.handleWebhook(
          deps,
          typeof request.body === 'string' ? request.body : '',
          headerOf(request.headers['x-razorpay-signature']),
          headerOf(request.headers['x-razorpay-event-id']),
        ),
    );
  });

  // The stand-in's checkout (development and tests only): Razorpay's checkout API on this server.
  if (deps.config.NODE_ENV !== 'production' && deps.payments instanceof LocalPaymentProvider) {
    app.get(
      '/payments/local/checkout.js',
      {
        config: { public: true },
        schema: {
          tags: ['plans'],
          summary:
            'The payment stand-in’s checkout script (development and tests): Razorpay’s checkout API on this server',
          produces: ['text/javascript'],
          response: { 200: z.string().describe('JavaScript') },
        },
      },
      async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOCAL_CHECKOUT_SCRIPT),
    );
    app.post(
      '/payments/local/pay',
      {
        schema: {
          tags: ['plans'],
          summary: 'The payment stand-in’s checkout buttons (development and tests): pay or fail the caller’s order',
          body: LocalPayBodySchema,
          response: { 200: LocalPayResultSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => plans.localPay(deps, request.principal, request.body),
    );
  }
};

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
