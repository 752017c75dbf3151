import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CustomerSignInSettings, customerSignInSettings } from '../../core/config';
import {
  type Customer,
  type CustomerAccountsRepository,
  createCustomerAccountsRepository,
} from '../../db/repositories/customer-accounts';
import { HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomerAccountsRepository;
    /** Null: "Continue with Discord" for customers is off. */
    customerSignIn: CustomerSignInSettings | null;
  }
  interface FastifyRequest {
    /** The customer this browser signed in as (decision 047), looked up once per request. */
    getCustomer(): Promise<Customer | null>;
  }
}

/** The customer session's cookie: apart from the staff ones, never read as one of them. */
export const CUSTOMER_COOKIE = 'lunar_customer';

export function customerToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[CUSTOMER_COOKIE];
  return token && token.length <= 128 ? token : undefined;
}

/** The signed-in customer, for handlers; 401 when there is none. */
export async function requireCustomer(request: FastifyRequest): Promise<Customer> {
  const customer = await request.getCustomer();
  if (!customer) throw new HttpError(401, 'Continue with Discord first to see your orders.');
  return customer;
}

/** Customer accounts and sessions (decision 047), beside the staff ones of the auth plugin. */
export const customerAuthPlugin = fp(
  async (app) => {
    const settings = customerSignInSettings(app.config);
    const customers = createCustomerAccountsRepository(app.db, {
      secret: settings?.oauth.clientSecret,
    });
    app.decorate('customers', customers);
    app.decorate('customerSignIn', settings);

    const found = new WeakMap<FastifyRequest, Promise<Customer | null>>();
    app.decorateRequest('getCustomer', function (this: FastifyRequest) {
      let customer = found.get(this);
      if (!customer) {
        const token = customerToken(this);
        customer = token ? customers.findSession(token) : Promise.resolve(null);
        found.set(this, customer);
      }
      return customer;
    });

    const sweep = setInterval(() => {
      customers
        .deleteExpiredSessions()
        .catch((error) => app.log.warn({ err: error }, 'customer session sweep failed'));
    }, 60 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'customer-auth', dependencies: ['app-context', 'external'] },
);
