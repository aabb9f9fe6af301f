/** Bull queues of the service (registered in SharedModule). */
export const QUEUE_SETTLEMENT = 'settlement';
/** Webhook deliveries: one job per try of a delivery (docs/webhooks.md). */
export const QUEUE_WEBHOOKS = 'webhooks';
export const QUEUE_NAMES = [QUEUE_SETTLEMENT, QUEUE_WEBHOOKS] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
