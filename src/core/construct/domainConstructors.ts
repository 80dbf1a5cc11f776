// Domain → candidate enumerator. Code and actions are added beside math and database as their
// modules land (src/core/construct/code, src/core/construct/actions).
import type { Domain } from '../schema/records';
import type { DomainConstructor } from './constructTypes';
import { mathConstructor } from './math/mathConstructor';
import { databaseConstructor } from './database/databaseConstructor';

export const DOMAIN_CONSTRUCTORS: Partial<Record<Domain, DomainConstructor>> = {
  math: mathConstructor,
  database: databaseConstructor,
};
