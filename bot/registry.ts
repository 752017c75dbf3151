import { applicationDecisionButton } from './buttons/application-decision';
import { deliverButton } from './buttons/order-deliver';
import { deliverWithoutQcButton } from './buttons/order-deliver-without-qc';
import { paidButton } from './buttons/order-paid';
import { qcApproveButton } from './buttons/order-qc-approve';
import { qcChangesButton } from './buttons/order-qc-changes';
import { reviewHideButton, reviewShowButton } from './buttons/order-review-visibility';
import { verifyPaymentButton } from './buttons/order-verify-payment';
import {
  ticketApproveCloseButton,
  ticketClaimButton,
  ticketCloseButton,
  ticketConfirmButton,
  ticketDenyCloseButton,
  ticketKeepOpenButton,
} from './buttons/ticket-actions';
import { ticketOrderButton } from './buttons/ticket-order';
import { createPaymentCommand } from './commands/createpayment';
import { dashboardCommand } from './commands/dashboard';
import { orderLogCommand } from './commands/orderlog';
import { qualityControlCommand } from './commands/qualitycontrol';
import { reviewCommand } from './commands/review';
import { taxCommand } from './commands/tax';
import { ticketCommand } from './commands/ticket';
import { ticketPanelCommand } from './commands/ticketpanel';
import { qcChangesModal } from './modals/order-qc-changes';
import { reviewModal } from './modals/order-review';
import { ticketIntakeModal } from './modals/ticket-intake';
import type { InteractionModules } from './modules';
import { ticketServiceSelect } from './selects/ticket-service';

// Every interaction module, listed so nothing scans the file system at start-up. A new module
// in bot/commands/, bot/buttons/, bot/modals/ or bot/selects/ is added here; `npm run discord:register`
// then sends the commands to Discord.
export const registry: InteractionModules = {
  commands: [
    taxCommand,
    createPaymentCommand,
    qualityControlCommand,
    orderLogCommand,
    reviewCommand,
    dashboardCommand,
    ticketPanelCommand,
    ticketCommand,
  ],
  buttons: [
    applicationDecisionButton,
    verifyPaymentButton,
    paidButton,
    qcApproveButton,
    qcChangesButton,
    deliverButton,
    deliverWithoutQcButton,
    reviewHideButton,
    reviewShowButton,
    ticketOrderButton,
    ticketClaimButton,
    ticketCloseButton,
    ticketConfirmButton,
    ticketKeepOpenButton,
    ticketApproveCloseButton,
    ticketDenyCloseButton,
  ],
  modals: [qcChangesModal, reviewModal, ticketIntakeModal],
  selects: [ticketServiceSelect],
};
