/** The department tree of a company: nodes keyed by a stable dept key, with parent and display order. */
import type { Selectable } from "kysely";
import type { Db } from "../database.js";
import type { DepartmentsTable } from "../schema.js";

export type Department = {
  id: number;
  companyId: number;
  key: string;
  name: string;
  parentId: number | null;
  order: number;
  isVirtual: boolean;
};

export type DepartmentInput = {
  key: string;
  name: string;
  parentId: number | null;
  order?: number;
  isVirtual?: boolean;
};

const toDepartment = (r: Selectable<DepartmentsTable>): Department => ({
  id: r.id,
  companyId: r.company_id,
  key: r.dept_key,
  name: r.name,
  parentId: r.parent_id,
  order: r.sort_order,
  isVirtual: r.is_virtual,
});

export class DepartmentsRepository {
  constructor(private readonly db: Db) {}

  /** @returns every department of the company, parents before children is not guaranteed. */
  async listByCompany(companyId: number): Promise<Department[]> {
    const rows = await this.db
      .selectFrom("departments")
      .selectAll()
      .where("company_id", "=", companyId)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    return rows.map(toDepartment);
  }

  /** @returns the department with this id, if any. */
  async findById(id: number): Promise<Department | undefined> {
    const r = await this.db
      .selectFrom("departments")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return r && toDepartment(r);
  }

  /** @returns the department with this key in the company, if any. */
  async findByKey(
    companyId: number,
    key: string,
  ): Promise<Department | undefined> {
    const r = await this.db
      .selectFrom("departments")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("dept_key", "=", key)
      .executeTakeFirst();
    return r && toDepartment(r);
  }

  /**
   * Creates the department or updates the one with the same key.
   * @returns the stored department.
   */
  async upsert(companyId: number, d: DepartmentInput): Promise<Department> {
    const values = {
      name: d.name,
      parent_id: d.parentId,
      sort_order: d.order ?? 0,
      is_virtual: d.isVirtual ?? false,
    };
    const r = await this.db
      .insertInto("departments")
      .values({ company_id: companyId, dept_key: d.key, ...values })
      .onConflict((oc) =>
        oc.columns(["company_id", "dept_key"]).doUpdateSet(values),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDepartment(r);
  }

  /**
   * Inserts many departments at once (bulk import); parents must already exist or be in an earlier call.
   * @returns the inserted departments, in input order.
   */
  async insertMany(
    companyId: number,
    list: readonly DepartmentInput[],
  ): Promise<Department[]> {
    if (list.length === 0) return [];
    const rows = await this.db
      .insertInto("departments")
      .values(
        list.map((d) => ({
          company_id: companyId,
          dept_key: d.key,
          name: d.name,
          parent_id: d.parentId,
          sort_order: d.order ?? 0,
          is_virtual: d.isVirtual ?? false,
        })),
      )
      .returningAll()
      .execute();
    return rows.map(toDepartment);
  }
}
