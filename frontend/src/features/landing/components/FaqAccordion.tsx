import { Accordion, AccordionTab } from 'primereact/accordion';
import { FAQS } from '../faqs';

/** The FAQ as PrimeReact's Accordion; loaded when the section comes near the viewport. */
export default function FaqAccordion() {
  return (
    <Accordion className="faq-accordion">
      {FAQS.map((faq) => (
        <AccordionTab key={faq.question} header={faq.question}>
          <p className="faq-accordion__answer">{faq.answer}</p>
        </AccordionTab>
      ))}
    </Accordion>
  );
}

