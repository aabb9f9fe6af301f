/** Bull queues of the service (registered in SharedModule). */
export const QUEUE_SETTLEMENT = 'settlement';
export const QUEUE_NAMES = [QUEUE_SETTLEMENT] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
