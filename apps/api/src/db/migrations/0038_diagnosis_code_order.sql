-- Diagnosis codes compare and sort byte by byte: one btree index on (company_id, code_key) then answers a code prefix
-- (code_key like 'j06%') and the order by code, which a search needs to stop after its first page.
ALTER TABLE "diagnosis_codes" ALTER COLUMN "code_key" TYPE text COLLATE "C";
