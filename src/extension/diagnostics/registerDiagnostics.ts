// Placeholder: this feature registers its commands and views here when it lands.
import type { ExtensionServices } from '../extension';

export function registerDiagnostics(services: ExtensionServices): void {
  void services;
}
