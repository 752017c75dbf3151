import { applicationDecisionButton } from './buttons/application-decision';
import { deliverButton } from './buttons/order-deliver';
import { deliverWithoutQcButton } from './buttons/order-deliver-without-qc';
import { qcApproveButton } from './buttons/order-qc-approve';
import { qcChangesButton } from './buttons/order-qc-changes';
import { reviewHideButton, reviewShowButton } from './buttons/order-review-visibility';
import { verifyPaymentButton } from './buttons/order-verify-payment';
import { createPaymentCommand } from './commands/createpayment';
import { dashboardCommand } from './commands/dashboard';
import { orderLogCommand } from './commands/orderlog';
import { qualityControlCommand } from './commands/qualitycontrol';
import { reviewCommand } from './commands/review';
import { taxCommand } from './commands/tax';
import { qcChangesModal } from './modals/order-qc-changes';
import { reviewModal } from './modals/order-review';
import type { InteractionModules } from './modules';

// Every interaction module, listed so nothing scans the file system at start-up. A new module
// in bot/commands/, bot/buttons/ or bot/modals/ is added here; `npm run discord:register`
// then sends the commands to Discord.
export const registry: InteractionModules = {
  commands: [
    taxCommand,
    createPaymentCommand,
    qualityControlCommand,
    orderLogCommand,
    reviewCommand,
    dashboardCommand,
  ],
  buttons: [
    applicationDecisionButton,
    verifyPaymentButton,
    qcApproveButton,
    qcChangesButton,
    deliverButton,
    deliverWithoutQcButton,
    reviewHideButton,
    reviewShowButton,
  ],
  modals: [qcChangesModal, reviewModal],
};
