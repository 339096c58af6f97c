-- A cash box never goes below zero: money out of a box (a negative movement) needs the cash. The API checks the
-- balance in the statement that writes the movement, under the box's row lock; this is the last line for any other
-- writer. The box's row is locked first, so concurrent withdrawals queue and each reads the balance the other left
-- (a new snapshot per statement at READ COMMITTED).
CREATE OR REPLACE FUNCTION cash_box_never_negative() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
BEGIN
  PERFORM 1 FROM cash_boxes WHERE company_id = NEW.company_id AND id = NEW.cash_box_id FOR UPDATE;
  SELECT coalesce(sum(amount), 0) INTO balance FROM cash_box_transactions
    WHERE company_id = NEW.company_id AND cash_box_id = NEW.cash_box_id;
  IF balance + NEW.amount < 0 THEN
    RAISE EXCEPTION 'cash box % holds %, cannot take out %', NEW.cash_box_id, balance, -NEW.amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'cash_box_never_negative';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_box_never_negative BEFORE INSERT ON cash_box_transactions
  FOR EACH ROW WHEN (NEW.amount < 0) EXECUTE FUNCTION cash_box_never_negative();
