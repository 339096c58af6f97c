import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';

/** Who works in a part of the organisation (a complex, department or clinic), and how many patients it has seen. */

export type OrganisationScope = { kind: 'complex' | 'department' | 'clinic'; id: string };

function clinicCondition(scope: OrganisationScope) {
  switch (scope.kind) {
    case 'complex':
      return sql`c.clinic_collection_id = ${scope.id}`;
    case 'department':
      return sql`c.department_id = ${scope.id}`;
    default:
      return sql`c.id = ${scope.id}`;
  }
}

export interface OrganisationEmployeeRow {
  id: string;
  name: string;
  public_id: string;
  employee_type: string;
  is_active: boolean;
}

/**
 * The employees who work in a part of the organisation: linked to one of its clinics (employee_clinics), or
 * placed directly in the department or complex. One query, ordered by name.
 */
export async function organisationEmployees(db: Db, companyId: string, scope: OrganisationScope): Promise<OrganisationEmployeeRow[]> {
  const direct =
    scope.kind === 'complex' ? sql`or e.clinic_collection_id = ${scope.id}`
    : scope.kind === 'department' ? sql`or e.department_id = ${scope.id}`
    : sql``;
  const result = await db.execute(sql`
    select e.id, e.name, e.public_id, e.employee_type, e.is_active
    from employees e
    where e.company_id = ${companyId}
      and (exists (
        select 1 from employee_clinics ec
        join clinics c on c.company_id = ec.company_id and c.id = ec.clinic_id
        where ec.company_id = e.company_id and ec.employee_id = e.id and ${clinicCondition(scope)}
      ) ${direct})
    order by e.name, e.id
    limit 1000`);
  return rowsOf<OrganisationEmployeeRow>(result);
}

/** Distinct patients who have (or had) appointments in a part of the organisation. */
export async function organisationPatientCount(db: Db, companyId: string, scope: OrganisationScope): Promise<number> {
  const result = await db.execute(sql`
    select count(distinct a.patient_id)::int as n
    from appointments a
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    where a.company_id = ${companyId} and ${clinicCondition(scope)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export function splitEmployees(employees: OrganisationEmployeeRow[]) {
  const ref = (p: OrganisationEmployeeRow) => ({ _id: p.id, name: p.name, publicId: p.public_id });
  return {
    doctors: employees.filter((p) => p.employee_type === 'Doctor').map(ref),
    staff: employees.filter((p) => p.employee_type !== 'Doctor').map(ref),
  };
}
