// Placeholder until this command lands; replaced by its feature's implementation.
import { CliError, type CliCommand } from './cliTypes';

const command: CliCommand = {
  async run() {
    throw new CliError('not available yet', 2);
  },
};
export default command;
