/** An e-mail address that wraps after its "@" rather than mid-word when its column is narrow. */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@') + 1;
  if (!at) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
