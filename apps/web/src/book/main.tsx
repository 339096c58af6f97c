// Only the styles of the components the booking page uses (the staff app loads Mantine's whole sheet).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/VisuallyHidden.css';
import './book.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingRoot } from './booking-root';
import { chosenLanguage, loadTexts, rememberLanguage } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Arabic first: the address's or the patient's own choice, else Arabic until the organisation's page says otherwise.
const lang = chosenLanguage() ?? 'ar';
rememberLanguage(lang);
void loadTexts(lang).then((texts) => {
  createRoot(root).render(
    <StrictMode>
      <BookingRoot initialLanguage={lang} initialTexts={texts} explicit={chosenLanguage() !== null} />
    </StrictMode>,
  );
});
