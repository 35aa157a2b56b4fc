import "server-only";
/**
 * Side-effect imports that register workers and bootstrap steps of each feature module.
 * A feature adds one line here.
 */
import "./scheduler/settlement-scheduler";
import "./use-cases/balances-bootstrap";
import "./use-cases/disbursement-rail";
import "./use-cases/disbursement-payment-owner";
import "./use-cases/v1-payment-clock";
import "./outbox/worker";
import "./housekeeping";
