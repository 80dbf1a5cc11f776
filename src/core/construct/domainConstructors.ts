// Domain → candidate enumerator (Table 3's four domains).
import type { Domain } from '../schema/records';
import type { DomainConstructor } from './constructTypes';
import { mathConstructor } from './math/mathConstructor';
import { databaseConstructor } from './database/databaseConstructor';
import { codeConstructor } from './code/codeConstructor';
import { actionsConstructor } from './actions/actionsConstructor';

export const DOMAIN_CONSTRUCTORS: Partial<Record<Domain, DomainConstructor>> = {
  math: mathConstructor,
  database: databaseConstructor,
  code: codeConstructor,
  actions: actionsConstructor,
};
