// Placeholder: this feature registers its commands and views here when it lands.
import type { ExtensionServices } from '../extension';

export function registerCompare(services: ExtensionServices): void {
  void services;
}
