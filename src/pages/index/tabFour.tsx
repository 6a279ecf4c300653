import HomeTab from '../../components/home-tab';

/** Home tab 4 of 4 (§2): the page the project's menu configures at position 3. */
export default function Page() {
  return <HomeTab tabIndex={3} />;
}
