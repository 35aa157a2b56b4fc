import { customType } from "drizzle-orm/pg-core";

/** bytea as a Buffer to the driver; read back as the driver gives it (Buffer, or Uint8Array on PGlite). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
