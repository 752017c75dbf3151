import { applicationDecisionButton } from './buttons/application-decision';
import { taxCommand } from './commands/tax';
import type { InteractionModules } from './modules';

// Every interaction module, listed so nothing scans the file system at start-up. A new module
// in bot/commands/, bot/buttons/ or bot/modals/ is added here; `npm run discord:register`
// then sends the commands to Discord.
export const registry: InteractionModules = {
  commands: [taxCommand],
  buttons: [applicationDecisionButton],
  modals: [],
};
