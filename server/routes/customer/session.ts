import type { FastifyPluginAsync } from 'fastify';
import type { CustomerSession } from '../../../core/auth';
import { cookieOptions } from '../../plugins/auth';
import { CUSTOMER_COOKIE, customerToken } from '../../plugins/customer-auth';

const customerSessionRoutes: FastifyPluginAsync = async (app) => {
  /** Who is signed in as a customer here; signed out is an answer, not an error. */
  app.get('/api/customer/session', async (request, reply): Promise<CustomerSession> => {
    reply.header('cache-control', 'private, no-store');
    const customer = await request.getCustomer();
    if (!customer || !app.customerSignIn) {
      return { signedIn: false, available: app.customerSignIn !== null };
    }
    return { signedIn: true, available: true, ...customer };
  });

  // Ends the session on the server, not just the cookie: a copied cookie stops working too.
  app.post('/api/customer/signout', async (request, reply) => {
    const token = customerToken(request);
    if (token) await app.customers.deleteSession(token);
    reply.clearCookie(CUSTOMER_COOKIE, cookieOptions(app.config));
    return reply.header('cache-control', 'no-store').status(204).send();
  });
};

export default customerSessionRoutes;
