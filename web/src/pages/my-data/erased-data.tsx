import { texts } from './texts';

/** What erasing takes away, as a list under `lead` («Удалятся:» before, «Сервис больше не хранит:» after). */
export function ErasedData({ lead }: { lead: string }) {
  return (
    <>
      <p className="my-data__summary">{lead}</p>
      <ul className="my-data__erased" aria-label={lead}>
        {texts.erasedData.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
