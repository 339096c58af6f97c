/** Webhooks: a company's endpoints, their deliveries, a replay. */
export const webhookRoutes = {
};
