/** The lottery's own Bull queue, so its schedule is visible (and retried) apart from mail. */
export const LOTTERY_QUEUE = 'lottery';
export const LOTTERY_JOB = 'monthly-draw';
/** 09:00 on the 1st of every month, London time (BST or GMT as the season has it). */
export const LOTTERY_CRON = '0 9 1 * *';
export { LONDON_TZ as LOTTERY_TZ } from '../../common/london-month';
