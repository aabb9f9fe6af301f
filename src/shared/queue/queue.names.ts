/** Bull queues of the service (registered in SharedModule). */
export const QUEUE_SETTLEMENT = 'settlement';
export const QUEUE_WEBHOOKS = 'webhooks';
export const QUEUE_NAMES = [QUEUE_SETTLEMENT, QUEUE_WEBHOOKS] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
