/** The code-login landing page (spec §2): it only tells the user that the login is under way. */
export default function CodeLoginPage() {
  return <div style={{ padding: 48, textAlign: 'center' }}>登录中...</div>;
}
