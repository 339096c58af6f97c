-- Billing: what was issued is never edited or deleted, whatever writes to the database.
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK (status IN ('draft', 'issued', 'partially_paid', 'paid', 'credited'));
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_number_check CHECK ((status = 'draft') = (number IS NULL));
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_kind_check CHECK ((kind = 'payment' AND amount > 0) OR (kind = 'refund' AND amount < 0 AND credit_note_id IS NOT NULL));
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('cash', 'card', 'online') AND ((method = 'cash') = (cash_box_id IS NOT NULL)));
--> statement-breakpoint
ALTER TABLE insurance_claims ADD CONSTRAINT insurance_claims_status_check CHECK (status IN ('open', 'submitted', 'paid', 'rejected'));
--> statement-breakpoint
ALTER TABLE cash_box_transactions ADD CONSTRAINT cash_box_transactions_kind_check CHECK (kind IN ('payment', 'refund', 'close_difference'));
--> statement-breakpoint
-- An issued invoice keeps its document (number, parties, lines, amounts); only its status and running paid,
-- credited and refunded figures move. It is never deleted.
CREATE OR REPLACE FUNCTION invoices_issued_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'issued invoice % cannot be deleted', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (
    NEW.status = 'draft' OR NEW.number IS DISTINCT FROM OLD.number OR NEW.display_number IS DISTINCT FROM OLD.display_number
    OR NEW.clinic_id IS DISTINCT FROM OLD.clinic_id OR NEW.patient_id IS DISTINCT FROM OLD.patient_id
    OR NEW.doctor_id IS DISTINCT FROM OLD.doctor_id OR NEW.appointment_id IS DISTINCT FROM OLD.appointment_id
    OR NEW.visit_date IS DISTINCT FROM OLD.visit_date OR NEW.currency IS DISTINCT FROM OLD.currency
    OR NEW.vat_rate_basis_points IS DISTINCT FROM OLD.vat_rate_basis_points OR NEW.tax_number IS DISTINCT FROM OLD.tax_number
    OR NEW.lines IS DISTINCT FROM OLD.lines OR NEW.subtotal IS DISTINCT FROM OLD.subtotal
    OR NEW.discount_total IS DISTINCT FROM OLD.discount_total OR NEW.tax_total IS DISTINCT FROM OLD.tax_total
    OR NEW.total IS DISTINCT FROM OLD.total OR NEW.insurer IS DISTINCT FROM OLD.insurer
    OR NEW.insurer_share IS DISTINCT FROM OLD.insurer_share OR NEW.patient_share IS DISTINCT FROM OLD.patient_share
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at OR NEW.note IS DISTINCT FROM OLD.note
  ) THEN
    RAISE EXCEPTION 'issued invoice % cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_issued_frozen BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_issued_frozen();
--> statement-breakpoint
-- Credit notes, payments, cash box transactions and closes are append-only (a credit note's refunded amount moves).
CREATE OR REPLACE FUNCTION billing_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'credit_notes'
     AND (to_jsonb(NEW) - 'refunded_amount') = (to_jsonb(OLD) - 'refunded_amount') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% rows cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_append_only BEFORE UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION billing_append_only();
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION billing_append_only();
--> statement-breakpoint
CREATE TRIGGER cash_box_transactions_append_only BEFORE UPDATE OR DELETE ON cash_box_transactions FOR EACH ROW EXECUTE FUNCTION billing_append_only();
--> statement-breakpoint
CREATE TRIGGER cash_box_closes_append_only BEFORE UPDATE OR DELETE ON cash_box_closes FOR EACH ROW EXECUTE FUNCTION billing_append_only();
--> statement-breakpoint
-- Invoices of a status, newest first (the list filtered by status).
CREATE INDEX IF NOT EXISTS invoices_status_idx ON invoices (company_id, status, created_at);
