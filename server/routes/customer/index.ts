import type { FastifyPluginAsync } from 'fastify';
import customerSessionRoutes from './session';
import customerSignInRoutes from './sign-in';
import customerTicketRoutes from './tickets';

/** The customer's side of the site (decision 047): sign-in, session, their tickets. */
const customerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(customerSignInRoutes);
  await app.register(customerSessionRoutes);
  await app.register(customerTicketRoutes);
};

export default customerRoutes;
