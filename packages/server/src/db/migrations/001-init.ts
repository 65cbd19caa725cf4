/** 001: database-wide settings every later migration relies on. */
export const m001Init = {
  version: "001-init",
  sql: `
    create table if not exists app_meta (
      key text primary key,
      value text not null
    );
  `,
};
