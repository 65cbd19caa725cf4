/**
 * The emoji the emoji dialog offers: faces, gestures and the symbols people use in work chats. A short list in code
 * instead of a full emoji picker dependency. Space-separated, because some carry a variation selector (✌️, ❤️).
 */
export const EMOJI_SET: readonly string[] = (
  "😀 😃 😄 😁 😆 😅 😂 🤣 😊 🙂 😉 😍 😘 😋 😎 🤗 " +
  "🤔 😐 😮 😳 😥 😢 😭 😡 😴 🤒 🥳 😇 👍 👎 👏 🙏 " +
  "💪 👌 ✌️ 🙌 🤝 👋 ❤️ 💔 🔥 🎉 ✅ ❌ ⭐ 💯 ☕ 🍺"
).split(" ");
