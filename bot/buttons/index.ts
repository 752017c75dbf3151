import type { ButtonHandler } from '../interactions';
import { applicationDecisionButton } from './application-decision';

// Every button module, listed so the dispatcher needs no file-system scan at start-up.
export const buttons: ButtonHandler[] = [applicationDecisionButton];
