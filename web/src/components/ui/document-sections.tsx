/** A section of a legal text: its title, and paragraphs filled in from the configuration (an empty one is left out). */
export type DocumentSection<Context> = {
  title: string;
  paragraphs: ReadonlyArray<(context: Context) => string>;
};

type DocumentSectionsProps<Context> = {
  sections: readonly DocumentSection<Context>[];
  context: Context;
  /** The titles' level under the text's own heading (h2 on a page, h3 in a popup). */
  heading: 'h2' | 'h3';
  titleClassName: string;
};

/** The numbered sections of the privacy policy and of the public offer, filled in alike. */
export function DocumentSections<Context>({
  sections,
  context,
  heading: Heading,
  titleClassName,
}: DocumentSectionsProps<Context>) {
  return sections.map((section) => (
    <section key={section.title}>
      <Heading className={titleClassName}>{section.title}</Heading>
      {section.paragraphs
        .map((paragraph) => paragraph(context))
        .filter(Boolean)
        .map((text) => (
          <p key={text}>{text}</p>
        ))}
    </section>
  ));
}
