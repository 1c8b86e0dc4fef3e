import { FAQS } from '../faqs';

/** The same questions, drawn like the closed accordion, while its code loads. */
export function FaqPlaceholder() {
  return (
    <ul className="faq-placeholder" aria-busy="true">
      {FAQS.map((faq) => (
        <li key={faq.question} className="faq-placeholder__item">
          <i className="pi pi-chevron-right" aria-hidden="true" />
          <span>{faq.question}</span>
        </li>
      ))}
    </ul>
  );
}
