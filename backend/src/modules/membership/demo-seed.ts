import type { Sql } from '../../db/connect.js';
import { DEMO_PERSONS } from '../../integrations/demo-fixtures.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import { createMember } from './queries.js';

/** Demo mode: the fixture members of CONTRACT.md §4 exist with their autogiro amounts. Idempotent. */
export async function seedDemoMembers(sql: Sql, protector: PersonalDataProtector): Promise<void> {
  for (const p of DEMO_PERSONS) {
    if (!p.member) continue;
    await sql.begin((tx) =>
      createMember(tx, {
        personalNumberHash: protector.lookupHash(p.personalNumber),
        personalNumberSealed: protector.seal(
          p.personalNumber,
          SEALED_AT.personalNumber(protector.lookupHash(p.personalNumber)),
        ),
        firstName: p.givenName,
        lastName: p.surname,
        email: `${p.givenName.toLowerCase()}@demo.example`,
        address: p.address.street,
        zipCode: p.address.zipCode,
        city: p.address.city,
        monthlyAmount: p.member!.monthlyAmount,
        mandateState: 'active',
      }),
    );
  }
}
