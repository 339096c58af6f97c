-- Percentages are 0..100 everywhere: the VAT rate (basis points 0..10000, on the settings and on each invoice), an
-- insurer's coverage (on the invoice in basis points; on the company profile, clinics and clinic collections as a
-- percentage) and a payment method's processing fee. The API refuses anything else (percentSchema); these are the
-- last line. A fee or coverage stored before the rule (up to 1e9 was accepted for fees) is brought into the range
-- first, to its nearest bound, so every existing row satisfies the constraints.
CREATE FUNCTION clinic_clamp_percent(rows jsonb, field text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(rows) <> 'array' THEN rows ELSE coalesce((
    SELECT jsonb_agg(CASE WHEN jsonb_typeof(r -> field) = 'number'
      THEN jsonb_set(r, ARRAY[field], to_jsonb(least(greatest((r ->> field)::numeric, 0), 100))) ELSE r END ORDER BY i)
    FROM jsonb_array_elements(rows) WITH ORDINALITY AS e(r, i)), '[]'::jsonb) END
$$;
--> statement-breakpoint
UPDATE company_profiles SET
  insurance_companies = clinic_clamp_percent(insurance_companies, 'coveragePercentage'),
  online_payment_methods = clinic_clamp_percent(online_payment_methods, 'processingFees')
WHERE jsonb_path_exists(insurance_companies, 'lax $[*].coveragePercentage ? (@ < 0 || @ > 100)')
   OR jsonb_path_exists(online_payment_methods, 'lax $[*].processingFees ? (@ < 0 || @ > 100)');
--> statement-breakpoint
UPDATE clinics SET details = details
  || jsonb_build_object('insuranceCompany', clinic_clamp_percent(coalesce(details -> 'insuranceCompany', '[]'), 'coveragePercentage'))
  || jsonb_build_object('onlinePaymentMethods', clinic_clamp_percent(coalesce(details -> 'onlinePaymentMethods', '[]'), 'processingFees'))
WHERE jsonb_path_exists(details, 'lax $.insuranceCompany[*].coveragePercentage ? (@ < 0 || @ > 100)')
   OR jsonb_path_exists(details, 'lax $.onlinePaymentMethods[*].processingFees ? (@ < 0 || @ > 100)');
--> statement-breakpoint
UPDATE clinic_collections SET details = details
  || jsonb_build_object('insuranceCompany', clinic_clamp_percent(coalesce(details -> 'insuranceCompany', '[]'), 'coveragePercentage'))
  || jsonb_build_object('onlinePaymentMethods', clinic_clamp_percent(coalesce(details -> 'onlinePaymentMethods', '[]'), 'processingFees'))
WHERE jsonb_path_exists(details, 'lax $.insuranceCompany[*].coveragePercentage ? (@ < 0 || @ > 100)')
   OR jsonb_path_exists(details, 'lax $.onlinePaymentMethods[*].processingFees ? (@ < 0 || @ > 100)');
--> statement-breakpoint
DROP FUNCTION clinic_clamp_percent(jsonb, text);
--> statement-breakpoint
ALTER TABLE billing_settings ADD CONSTRAINT billing_settings_vat_percent_check CHECK (vat_rate_basis_points BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_vat_percent_check CHECK (vat_rate_basis_points BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_coverage_percent_check
  CHECK (NOT jsonb_path_exists(coalesce(insurer, 'null'), 'lax $.coverageBasisPoints ? (@ < 0 || @ > 10000)'));
--> statement-breakpoint
ALTER TABLE company_profiles ADD CONSTRAINT company_profiles_coverage_percent_check
  CHECK (NOT jsonb_path_exists(insurance_companies, 'lax $[*].coveragePercentage ? (@ < 0 || @ > 100)'));
--> statement-breakpoint
ALTER TABLE company_profiles ADD CONSTRAINT company_profiles_fees_percent_check
  CHECK (NOT jsonb_path_exists(online_payment_methods, 'lax $[*].processingFees ? (@ < 0 || @ > 100)'));
--> statement-breakpoint
ALTER TABLE clinics ADD CONSTRAINT clinics_coverage_percent_check
  CHECK (NOT jsonb_path_exists(details, 'lax $.insuranceCompany[*].coveragePercentage ? (@ < 0 || @ > 100)'));
--> statement-breakpoint
ALTER TABLE clinics ADD CONSTRAINT clinics_fees_percent_check
  CHECK (NOT jsonb_path_exists(details, 'lax $.onlinePaymentMethods[*].processingFees ? (@ < 0 || @ > 100)'));
--> statement-breakpoint
ALTER TABLE clinic_collections ADD CONSTRAINT clinic_collections_coverage_percent_check
  CHECK (NOT jsonb_path_exists(details, 'lax $.insuranceCompany[*].coveragePercentage ? (@ < 0 || @ > 100)'));
--> statement-breakpoint
ALTER TABLE clinic_collections ADD CONSTRAINT clinic_collections_fees_percent_check
  CHECK (NOT jsonb_path_exists(details, 'lax $.onlinePaymentMethods[*].processingFees ? (@ < 0 || @ > 100)'));
--> statement-breakpoint
-- A payment's processing fee is never more than the payment itself. Not checked on the rows written before the rule
-- (payments are append-only, so they cannot be corrected): every new payment is.
ALTER TABLE payments ADD CONSTRAINT payments_processing_fee_check CHECK (processing_fee BETWEEN 0 AND abs(amount)) NOT VALID;
