-- A bot message's buttons as every messenger has them (domain/messenger.ts), not as Telegram's
-- inline keyboard: the outbox speaks one port, each messenger's adapter draws them. The rows kept
-- are written anew: a web_app button becomes the app's path it opened, callback_data a callback,
-- a url a link.
ALTER TABLE "notifications" ADD COLUMN "buttons" jsonb;--> statement-breakpoint
UPDATE "notifications" SET "buttons" = (
  SELECT jsonb_agg(
    (SELECT jsonb_agg(
       CASE
         WHEN "button" ? 'web_app' THEN jsonb_build_object(
           'text', "button"->>'text',
           'app', regexp_replace("button"->'web_app'->>'url', '^[a-z]+://[^/]+', ''))
         WHEN "button" ? 'callback_data' THEN jsonb_build_object(
           'text', "button"->>'text', 'callback', "button"->>'callback_data')
         ELSE jsonb_build_object('text', "button"->>'text', 'url', "button"->>'url')
       END ORDER BY "at")
     FROM jsonb_array_elements("row") WITH ORDINALITY AS "buttons"("button", "at"))
    ORDER BY "row_at")
  FROM jsonb_array_elements("reply_markup"->'inline_keyboard') WITH ORDINALITY AS "rows"("row", "row_at")
) WHERE jsonb_typeof("reply_markup"->'inline_keyboard') = 'array';--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "reply_markup";
