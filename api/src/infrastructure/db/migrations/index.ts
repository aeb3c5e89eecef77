import { Initial1795304002232 } from './1795304002232-Initial';
import { AddMailOutbox1795307088400 } from './1795307088400-AddMailOutbox';
import { CheckoutSessionsAndMailLimit1795414782164 } from './1795414782164-CheckoutSessionsAndMailLimit';
import { AddHoldLimits1795416676816 } from './1795416676816-AddHoldLimits';
import { AddScheduledJobs1795421949980 } from './1795421949980-AddScheduledJobs';
import { MoneyLedger1795422325470 } from './1795422325470-MoneyLedger';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  Initial1795304002232,
  AddMailOutbox1795307088400,
  CheckoutSessionsAndMailLimit1795414782164,
  AddHoldLimits1795416676816,
  AddScheduledJobs1795421949980,
  MoneyLedger1795422325470,
];
